/** One open /vxeSocket connection as the channels see it. */
export interface TablePeer {
  send(text: string): void;
}

/**
 * This process's live-table sockets, by channel (a tenant and a page): an update one peer sends goes to
 * the other peers of its channel, never back to itself and never into another tenant or page. Which of
 * them may see it is decided per peer by the caller (tableReceivers.ts).
 */
export interface TableChannels<P extends TablePeer = TablePeer> {
  /** the returned function leaves the channel */
  join(channel: string, peer: P): () => void;
  /** the channel's peers but `from` (null: an update from another server, every peer) */
  others(channel: string, from: P | null): P[];
  size(): number;
}

/** A channel is one tenant's one page: `tenant␁pageId`. */
export const tableChannelOf = (tenantId: number, pageId: string) => `${tenantId}\u0001${pageId}`;

export function createTableChannels<P extends TablePeer = TablePeer>(): TableChannels<P> {
  const channels = new Map<string, Set<P>>();
  return {
    join(channel, peer) {
      let peers = channels.get(channel);
      if (!peers) channels.set(channel, (peers = new Set()));
      peers.add(peer);
      return () => {
        peers.delete(peer);
        if (peers.size === 0 && channels.get(channel) === peers) channels.delete(channel);
      };
    },
    others: (channel, from) => [...(channels.get(channel) ?? [])].filter((peer) => peer !== from),
    size: () => [...channels.values()].reduce((n, peers) => n + peers.size, 0),
  };
}
