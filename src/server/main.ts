import { findUserByEmail } from "./auth/users.repo";
import { ConfigError, loadConfig } from "./config";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./demo/seed-demo";
import { startServer } from "./start-server";

function readConfig() {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const server = await startServer({ config }).catch((error: unknown) => {
  console.error("CallDesk could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
console.info(`CallDesk is listening on ${server.url}`);
if (await findUserByEmail(server.db, DEMO_EMAIL)) {
  console.info(`Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

// A repeated signal is ignored rather than left to kill the process mid-shutdown: Ctrl-C under `npm start` reaches
// the server twice (from the terminal and from the script forwarding it).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.info(`CallDesk is shutting down (${signal})`);
    server.close().then(
      () => {
        console.info("CallDesk has stopped");
        process.exit(0);
      },
      (error) => {
        console.error("Shutdown failed", error);
        process.exit(1);
      },
    );
  });
}
