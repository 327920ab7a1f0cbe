/** The update gate (UpdatePrompt): the app may switch versions only while no outbox write is out. */
import { anythingInFlight } from '../../data/outbox/queries.ts';

export const outboxIdle = async (): Promise<boolean> => !(await anythingInFlight());
