// What GET /api/v1/<path>/map/ answers: the server's own type, so that the view and the endpoint
// cannot drift apart (type-only import).
import type { MapPoints, MapPoint } from '../../../server/operations/map-points';

export type { MapPoints, MapPoint };
