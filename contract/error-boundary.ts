/**
 * docs/product.md §2: the error boundary's texts (re-exported by contract/errors.ts with the others).
 * Kept apart because the web client's error screen is part of its first load, which should not
 * carry every error text of the contract.
 */
export const ErrorBoundaryMessages = {
  title: 'Something went wrong',
  body: 'An unexpected error occurred. Please try again.',
  tryAgain: 'Try Again',
  reload: 'Reload Page',
} as const;
