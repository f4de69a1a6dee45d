// `npm run dev`: the API with reload on :3001 and Vite with hot reload on :3000, proxying /api to it.
import { type ChildProcess, spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1", STATIC_DIR: "" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
