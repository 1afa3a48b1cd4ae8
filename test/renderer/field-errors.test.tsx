/**
 * Issue 38 item 6: "This is too short." did not say which field. Every field error names its
 * field, as shown and as a screen reader announces it (the live alert and the field's
 * description), in each of the six languages.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_NAMES } from '../../renderer/i18n/languages';
import { renderApp, settle, type, walkToDetails } from './support/render-app';

afterEach(cleanup);

describe('issue 38 item 6: every field error names its field', () => {
  it.each(LANGUAGES)('in %s, shown and announced', async (language) => {
    renderApp();
    await walkToDetails();
    await type('E-mail', 'eva@');
    await type('Phone', '12');
    fireEvent.click(screen.getAllByRole('button', { name: LANGUAGE_NAMES[language] })[0]!);
    await settle();
    // Continue with the name empty, the e-mail unfinished and the phone too short.
    fireEvent.click(document.querySelector('.action-bar .btn-primary')!);
    await settle();
    for (const field of ['name', 'email', 'phone']) {
      const input = document.getElementById(`field-${field}`)!;
      const label = document.querySelector(`label[for="field-${field}"]`)!.textContent;
      const error = document.getElementById(input.getAttribute('aria-describedby') ?? '')!;
      expect(error.getAttribute('role')).toBe('alert');
      expect(error.textContent).toMatch(new RegExp(`^${label}: \\S`));
    }
  });
});
