// Where the toast sits (./Toast), under the top bar so it never hides the bottom navigation, and the line just
// below a one-line toast (a filled Alert is 48 px high): what sits there stays visible while a toast shows.
export const TOAST_TOP = { xs: 72, sm: 80 } as const;
export const BELOW_TOASTS = { xs: TOAST_TOP.xs + 56, sm: TOAST_TOP.sm + 56 } as const;
