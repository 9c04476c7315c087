/** A notification type's page: staff /notification/:type, fans /user-notification/:type. */
export const notificationPath = (type: string, staff: boolean) => (staff ? `/notification/${type}` : `/user-notification/${type}`);
