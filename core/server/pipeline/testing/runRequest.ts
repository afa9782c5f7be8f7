import crypto from 'node:crypto';
import type { RunRequest } from '../stages';

/** A run request of a new conversation (its own ids, so runs of different calls never conflict). */
export function runRequest(over: Partial<RunRequest> = {}): RunRequest {
  return {
    conversationId: crypto.randomUUID(), organizationId: crypto.randomUUID(), queryString: 'climate',
    startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-04T00:00:00.000Z', language: 'en',
    useExistingData: false, runType: 'STATIC_RUN', ...over,
  };
}
