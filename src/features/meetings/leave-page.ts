/**
 * Full-page navigations out of the app (to the payment provider's checkout and back from it),
 * which must not go through the router. One object so tests can watch it: jsdom cannot follow a
 * real `location.assign`.
 */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};
