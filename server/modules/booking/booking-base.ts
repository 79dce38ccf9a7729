/** Prefix of every booking endpoint (reference §5.7). */
export const BASE = '/api/v1/dialogwatt';
