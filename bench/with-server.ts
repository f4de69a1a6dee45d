import { type ServerProcess, startServerProcess } from "../tests/support/server-process";

/**
 * `use` on a server process started with `env`, stopped afterwards whatever happens; if `use` fails, the end
 * of the server's output is printed first, since the failure is often the server's.
 */
export async function withServerProcess<T>(
  env: Record<string, string>,
  use: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await startServerProcess(env);
  try {
    return await use(server);
  } catch (error) {
    console.error("Benchmark failed; server output follows.\n", server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
  }
}
