// Sends the account self-service emails (domain/user/account-mails.ts) with links to the fan site.
import type { FastifyRequest } from 'fastify';
import { accountMail, type AccountMailKind } from '../domain/user/account-mails';
import type { Services } from './services';

export function accountMailer(services: Services) {
  /** Links point at FANCLUB_PUBLIC_URL, else localhost on the port the request came in on (never a Host we were told). */
  const publicUrl = (request: FastifyRequest): string => {
    const configured = services.config.FANCLUB_PUBLIC_URL;
    if (configured) return configured.replace(/\/+$/, '');
    const port = /:(\d{1,5})$/.exec(request.headers.host ?? '')?.[1];
    return `http://localhost${port ? `:${port}` : ''}`;
  };
  return (request: FastifyRequest, kind: AccountMailKind, to: string, name: string, token: string) =>
    services.mailer.send({ to, ...accountMail(kind, name, publicUrl(request), token) });
}
