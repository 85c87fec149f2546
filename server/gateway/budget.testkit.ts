import type { Admission } from './budget';

/**
 * What a caller does with a granted turn, at once: a call written on the wire the moment it is let go
 * and answered at once (the budget then counts it from its grant). Passes the admission on.
 */
export function callAtOnce(admission: Admission): Admission {
  if (admission.ok) void admission.turn.run(async (written) => written());
  return admission;
}
