import type { HttpClient } from '../../runtime/data/HttpClient';
import type { SessionStore } from './createSessionStore';

/**
 * Informs the server (POST /sys/logout) and clears the local session. Completes even when the server
 * call fails (spec 000 §4): a dead network or an already revoked token must not keep anyone signed in.
 */
export async function logout(http: HttpClient, session: SessionStore): Promise<void> {
  try {
    if (session.state.token !== null) await http.post('/sys/logout', undefined, { silent: true });
  } catch {
    // the local sign-out below is what matters to the user
  } finally {
    session.clear();
  }
}
