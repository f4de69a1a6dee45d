import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { startServerProcess } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}

/** The real server on the production build, with a throwaway embedded database, and one Chromium. */
export default async function setup(project: TestProject) {
  const server = await startServerProcess();
  let browser: BrowserServer;
  try {
    browser = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("baseURL", server.baseURL);
  project.provide("wsEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
