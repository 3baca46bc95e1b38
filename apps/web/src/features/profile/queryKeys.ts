/** TanStack Query keys of the personal-information page. */
export const profileKeys = {
  /** The signed-in user's own information (`GET /upms/user/info`). */
  info: () => ['/upms/user/info'] as const,
};
