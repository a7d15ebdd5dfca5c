/**
 * Each job step's last pass, kept in the database (decision 085) so the admin's System page sees it
 * whichever instance ran it: one upsert per step and pass, after the step. The last problem stays
 * with its time after later passes go well; addresses in it are masked (an SMTP refusal names its
 * recipient, and this row is outside the reach of an entrant's erasure).
 */
import { hostname } from "node:os";
import { type JobStep, maskAddresses } from "../../domain/system";
import { prisma } from "../core/db.server";

export interface JobStepPass {
  step: JobStep;
  startedAt: Date;
  durationMs: number;
  /** null: the step went well. */
  error: string | null;
}

const INSTANCE = `${hostname()}:${process.pid}`;
const ERROR_LENGTH = 1000;

export async function recordJobStep({ step, startedAt, durationMs, error }: JobStepPass): Promise<void> {
  const ok = error === null;
  const pass = { lastStartedAt: startedAt, lastDurationMs: Math.round(durationMs), lastOk: ok, lastInstance: INSTANCE };
  const outcome = ok
    ? { lastSuccessAt: new Date(startedAt.getTime() + durationMs) }
    : { lastError: maskAddresses(error).slice(0, ERROR_LENGTH), lastErrorAt: new Date(startedAt.getTime() + durationMs) };
  await prisma.jobStepStatus.upsert({ where: { step }, create: { step, ...pass, ...outcome }, update: { ...pass, ...outcome } });
}

/** Every step's row (steps never run have none). */
export function jobStepStatuses() {
  return prisma.jobStepStatus.findMany();
}
