// The exports of build-control-plane.mjs, for TypeScript callers (its test).
/** The bundle the start script runs: control-plane/dist/main.js. */
export declare const serverEntry: string;
/** True when the bundle, its migration files and the migrated template are all up to date. */
export declare function readyToStart(): Promise<boolean>;
