import { randomBytes } from 'node:crypto';

/** security.md: a preview address carries a short-lived single-resource ticket, never the session token. */
export const TICKET_TTL_MS = 60_000;

export interface PreviewTicket {
  name: string;
  tenantId: number;
  expires: number;
}

/** Tickets live in memory: one server process, a minute at most; a restart only costs a re-open. */
export function createPreviewTickets(now: () => number = Date.now) {
  const tickets = new Map<string, PreviewTicket>();
  const prune = () => {
    for (const [key, ticket] of tickets) if (ticket.expires <= now()) tickets.delete(key);
  };
  return {
    issue(name: string, tenantId: number): string {
      prune();
      const key = randomBytes(24).toString('base64url');
      tickets.set(key, { name, tenantId, expires: now() + TICKET_TTL_MS });
      return key;
    },
    /** the ticket's resource when the ticket is valid for it */
    redeem(key: string): PreviewTicket | null {
      const ticket = tickets.get(key);
      if (!ticket || ticket.expires <= now()) {
        tickets.delete(key);
        return null;
      }
      return ticket;
    },
  };
}
