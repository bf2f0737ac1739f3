import { nextState, type StateMachine } from '@console/contract';
import { ApiError } from './errors.ts';

/**
 * Moves an order or booking along its state machine (packages/contract states.ts): the next state is the machine's,
 * and a move the machine does not have is refused as invalid_state, so the sandbox cannot drift from it.
 */
export function advance<S extends string, T extends string>(
  machine: StateMachine<S, T>,
  subject: { status: S },
  trigger: T,
): S {
  const next = nextState(machine, subject.status, trigger);
  if (next === null)
    throw new ApiError('invalid_state', {
      message: `This cannot be done while it is ${subject.status} (${trigger.replaceAll('_', ' ')}).`,
    });
  subject.status = next;
  return next;
}
