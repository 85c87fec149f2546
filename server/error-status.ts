/** The HTTP status Fastify attached to an error (body too large, bad JSON, ...); 500 when none. */
export function errorStatus(error: unknown): number {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : 500;
}
