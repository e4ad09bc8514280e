/** One open /vxeSocket connection as the channels see it. */
export interface TablePeer {
  send(text: string): void;
}

/**
 * This process's live-table sockets, by channel (a tenant and a page): an update one peer sends goes to
 * every other peer of its channel, never back to itself and never into another tenant or page.
 */
export interface TableChannels {
  /** the returned function leaves the channel */
  join(channel: string, peer: TablePeer): () => void;
  /** sends the text to the channel's peers but `from` (null: an update from another server, for every peer); answers how many got it */
  relay(channel: string, from: TablePeer | null, text: string): number;
  size(): number;
}

/** A channel is one tenant's one page: `tenant␁pageId`. */
export const tableChannelOf = (tenantId: number, pageId: string) => `${tenantId}\u0001${pageId}`;

export function createTableChannels(): TableChannels {
  const channels = new Map<string, Set<TablePeer>>();
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
    relay(channel, from, text) {
      let sent = 0;
      for (const peer of channels.get(channel) ?? []) {
        if (peer === from) continue;
        peer.send(text);
        sent++;
      }
      return sent;
    },
    size: () => [...channels.values()].reduce((n, peers) => n + peers.size, 0),
  };
}
