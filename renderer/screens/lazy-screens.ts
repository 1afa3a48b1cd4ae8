import { lazy } from 'react';

/**
 * Screens of the customer flow that its first screen does not need, each a chunk of its own
 * (bench/RESULTS.md, first-load JS); `preload*` fetches one early, while the customer picks a
 * service, so that it paints without waiting.
 */

// The details form validates with the booking API's zod schemas (lib/validation.ts): apart, so
// that the first screen's load neither fetches nor builds zod.
export const preloadDetails = () => import('./DetailsScreen');
export const DetailsScreen = lazy(() =>
  preloadDetails().then((module) => ({ default: module.DetailsScreen })),
);

// The time grid (a person's times, holds, a visit's times): fetched once a customer has begun,
// as the details form, so that the first screen's load stays in its budget in every language.
export const preloadTimeScreen = () => import('./TimeScreen');
export const TimeScreen = lazy(() =>
  preloadTimeScreen().then((module) => ({ default: module.TimeScreen })),
);

// The screens after the details (review, confirmation, receipt): fetched once a customer has
// begun, like the details form, so that the first screen's load stays in its budget in every
// language (issue 31: <= 150 kB gzip with audio mode's entry on it).
export const preloadLaterScreens = () => import('./later-screens');
export const ReviewScreen = lazy(() =>
  preloadLaterScreens().then((module) => ({ default: module.ReviewScreen })),
);
export const ConfirmationScreen = lazy(() =>
  preloadLaterScreens().then((module) => ({ default: module.ConfirmationScreen })),
);
export const VisitConfirmationScreen = lazy(() =>
  preloadLaterScreens().then((module) => ({ default: module.VisitConfirmationScreen })),
);
export const ReceiptScreen = lazy(() =>
  preloadLaterScreens().then((module) => ({ default: module.ReceiptScreen })),
);
