export { buildApp, type ApiRoutes, type AppOptions } from './app.ts';
export { startServer, type RunningServer } from './server.ts';
export { loadConfig, type Config } from './config.ts';
