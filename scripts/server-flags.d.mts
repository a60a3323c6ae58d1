export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: { MALLOC_ARENA_MAX: string };
