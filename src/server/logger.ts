import type { LogLevel } from "./config";

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, details?: unknown) => void>;

/** One line per event; details go through console's own formatting (errors keep their stacks). */
export function createLogger(level: LogLevel): Logger {
  const at =
    (lineLevel: Exclude<LogLevel, "silent">, write: (...args: unknown[]) => void) =>
    (message: string, details?: unknown) => {
      if (rank[lineLevel] < rank[level]) return;
      const line = `${new Date().toISOString()} ${lineLevel.toUpperCase()} ${message}`;
      if (details === undefined) write(line);
      else write(line, details);
    };
  return {
    debug: at("debug", console.debug),
    info: at("info", console.info),
    warn: at("warn", console.warn),
    error: at("error", console.error),
  };
}
