/**
 * The system module: the operations probes and the web app's site configuration
 * (`system.routes.ts`), and the node heartbeat (`node_heartbeat`: which processes share the
 * database). It answers no domain error and other modules call nothing of it; `app.ts` and
 * `main.ts` wire it.
 */
export { registerSystemRoutes } from './system.routes';
export { createNodeHeartbeat, pruneStaleNodesJob, type NodeHeartbeat } from './node-heartbeat.service';
