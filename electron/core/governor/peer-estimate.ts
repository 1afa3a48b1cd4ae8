/**
 * How many kiosks share the key, from what one kiosk saw in the minute windows of the last
 * hour: the others' requests, and its own, each with the stretch its plan had when it left (the
 * mirror stretches its plan by this very estimate; an interactive request is never stretched:
 * stretch 1). Pure.
 *
 * Why not "1 + others / ours", the estimate before this one: our own count is what the last
 * estimate let us send, so the estimate fed itself. A kiosk that counted one kiosk too many
 * stretched its plan, sent less, and the other kiosk's traffic looked larger next to it: the
 * count confirmed itself and could grow, while the other, seeing less, counted fewer. Two
 * kiosks whose customers were not equally busy ended a simulated day at 1 and 4
 * (simulated-day.test.ts).
 *
 * Here each count n is a hypothesis, judged by what it predicts the others send: n - 1 kiosks
 * like this one (the same plan, as busy customers), each stretched as we were when we sent, but
 * none beyond n, since n kiosks need no more. A request of ours sent at stretch s stands for s
 * requests of the unstretched plan, of which another kiosk sends s / min(s, n). So our own
 * stretch beyond n no longer lowers what n predicts: a count too high is judged against what
 * the true count predicts and falls back. For counts above our stretch nothing changes from
 * "like us": at start-up all are at 1, others as busy as we are are one more kiosk, twice as
 * busy two more. The count is the hypothesis nearest to what the others sent.
 *
 * We see the others only in the minutes we send in, up to our answer: counted there against
 * ours there, which suits kiosks on one plan, busy in the same minutes. One that sends in other
 * minutes is missed there, so "no other kiosk" is judged in the time we watched: others below a
 * fifth of what one more kiosk would send in it, spread evenly, are a few bookings, not a kiosk;
 * and a look too short to expect five of its requests cannot tell, the last count stands. (A
 * kiosk that always sends in the minutes we do not stays unseen: no header tells of it.)
 *
 * Two kiosks at 2 each now stay at 2 until one's customers send more than the other's by a
 * quarter of the unstretched plan (before: a tenth, and a kiosk that reached 3 stayed there).
 * What no count can tell apart while each kiosk's estimate is unknown to the others: at stretch
 * 3, one other kiosk at 2 (it sends M/2 of a plan M) from two others at 3 (2M/3); the boundary
 * lies halfway. So three or four kiosks, or a pair one of which reached 3, may settle with
 * counts one apart (rate-governor-peers.test.ts); together they then send at most about a sixth
 * more than one plan.
 */

export const MAX_PEERS = 4;
/** Others' spend, as a share of what one more kiosk would send, below which it is no kiosk. */
const PEER_THRESHOLD = 0.2;
/** Requests one more kiosk would have sent in the time watched, needed to conclude it is gone. */
const MIN_EVIDENCE = 5;

export interface PeerSamples {
  /** The others' requests in the minute windows we saw, up to our latest answer in each. */
  others: number;
  /** `ownByStretch[s]`: ours in those windows sent at stretch s (interactive ones at 1). */
  ownByStretch: readonly number[];
  /** The share of the time since the oldest of those windows began that they cover, 0..1. */
  watched: number;
  /** The count these samples last gave, kept when they cannot tell. */
  last: number;
}

/** 1..MAX_PEERS. */
export function estimatePeers({ others, ownByStretch, watched, last }: PeerSamples): number {
  /** What the others send if there are n kiosks, in the windows we saw. */
  const expected = (n: number): number => {
    let oneOther = 0;
    ownByStretch.forEach((count, stretch) => {
      if (stretch >= 1) oneOther += (count * stretch) / Math.min(stretch, n);
    });
    return (n - 1) * oneOther;
  };
  // One more kiosk sending in other minutes than ours shows only in the time we watched.
  const oneMoreWatched = expected(2) * watched;
  if (others < PEER_THRESHOLD * oneMoreWatched) return oneMoreWatched < MIN_EVIDENCE ? last : 1;
  let n = 2;
  while (n < MAX_PEERS && others >= (expected(n) + expected(n + 1)) / 2) n += 1;
  return n;
}
