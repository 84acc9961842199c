import * as z from 'zod/mini';

/**
 * Jobs the SQS worker runs. Each job carries only ids: the worker reads current state, so a retried
 * or duplicated message does no harm.
 */
export const jobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('contact.notify'), pk: z.string(), sk: z.string() }),
]);
export type Job = z.infer<typeof jobSchema>;
export type JobType = Job['type'];
