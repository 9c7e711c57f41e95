import { z } from 'zod';
import { defineSettings } from '@svc/kit';

/** assistant's settings (the manifest's `settings`). */
export interface AssistantSettings {
  /**
   * train the intent classifier right after the start (true), or on the first request that needs it
   * (false: test platforms, which mostly never ask the assistant and would pay the training at every start)
   */
  warmIntentAtStart: boolean;
}

export const assistantSettings = defineSettings(
  {
    ASSISTANT_WARM_AT_START: z
      .enum(['true', 'false'])
      .default('true')
      .describe('`false` trains the intent classifier on the first request that needs it instead of right after the start (about 1 s of CPU)'),
  },
  (e): AssistantSettings => ({ warmIntentAtStart: e.ASSISTANT_WARM_AT_START === 'true' }),
);
