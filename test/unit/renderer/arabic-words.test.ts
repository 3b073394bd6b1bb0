import { describe, expect, it } from 'vitest';
import { areas } from '../../../renderer/src/i18n/messages/index.ts';

// An Arabic screen names the environments as its badge does (تدريب، تجريبي، مباشر), never in
// English capitals the agent does not see anywhere else on it.

describe('the Arabic messages', () => {
  it('name the environments in Arabic, as the badge shows them', () => {
    const english = areas.flatMap((area) => Object.entries(area.ar)).filter(([, text]) => /\b(LIVE|SANDBOX|TRAINING)\b/.test(text));
    expect(english.map(([key]) => key)).toEqual([]);
  });
});
