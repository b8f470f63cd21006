import { describe, expect, it } from 'vitest';
import { CANNOT_UPDATE_FIELD, parsePreferenceUpdate } from './preferences.schema';

describe('parsePreferenceUpdate', () => {
  it('accepts one known field with a valid value', () => {
    expect(parsePreferenceUpdate({ themePreference: 'dark' })).toEqual({
      ok: true,
      field: 'themePreference',
      value: 'dark',
    });
    expect(parsePreferenceUpdate({ quietHoursStart: '23:30' })).toMatchObject({ ok: true });
  });

  it("answers 'Cannot update this field' for an unknown field", () => {
    expect(parsePreferenceUpdate({ subscriptionPlan: 'premium' })).toEqual({
      ok: false,
      message: CANNOT_UPDATE_FIELD,
    });
    expect(parsePreferenceUpdate({})).toEqual({ ok: false, message: CANNOT_UPDATE_FIELD });
  });

  it('rejects a bad value for a known field', () => {
    expect(parsePreferenceUpdate({ themePreference: 'purple' })).toMatchObject({ ok: false });
    expect(parsePreferenceUpdate({ quietHoursEnd: '25:00' })).toEqual({
      ok: false,
      message: 'Use a time like 22:00',
    });
    expect(parsePreferenceUpdate({ notificationPushEnabled: 'yes' })).toMatchObject({ ok: false });
  });
});
