import path from 'node:path';

/** The project folder (schemas/, themes/, dist/ live under it). npm scripts run from there; APP_ROOT overrides. */
export const projectRoot = (): string => path.resolve(process.env.APP_ROOT ?? process.cwd());
export const fromRoot = (...parts: string[]): string => path.join(projectRoot(), ...parts);
