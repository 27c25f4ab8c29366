/**
 * Connection quality for the call screen, from RTCPeerConnection.getStats(): the round-trip time of
 * the selected candidate pair and the share of incoming packets lost since the previous sample.
 * Good / fair / poor thresholds follow ITU-T G.114 (one-way delay under 150 ms is fine for speech)
 * and the usual loss tolerance of Opus with FEC (a few per cent goes unnoticed, ten does not).
 */

export type CallQuality = 'good' | 'fair' | 'poor';

export interface QualitySample {
  /** Seconds, from the selected candidate pair; null when not known yet. */
  roundTripTime: number | null;
  /** Packets received and lost so far over all inbound RTP streams. */
  packetsReceived: number;
  packetsLost: number;
}

export interface QualityReading {
  quality: CallQuality;
  roundTripMs: number | null;
  /** 0–100, over the interval since the previous sample. */
  lossPercent: number;
}

export const QUALITY_INTERVAL_MS = 2_000;
const GOOD = { rttMs: 150, lossPercent: 2 };
const FAIR = { rttMs: 400, lossPercent: 8 };

type Stat = Record<string, unknown> & { type: string; id: string };

/** Reads the numbers that matter out of a stats report. */
export function sampleOf(report: RTCStatsReport): QualitySample {
  const stats: Stat[] = [];
  report.forEach((value: Stat) => stats.push(value));
  const transport = stats.find((s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string');
  const pair =
    stats.find((s) => s.type === 'candidate-pair' && s.id === transport?.selectedCandidatePairId) ??
    stats.find((s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded');
  const rtt = pair?.currentRoundTripTime;
  let packetsReceived = 0;
  let packetsLost = 0;
  for (const s of stats) {
    if (s.type !== 'inbound-rtp') continue;
    if (typeof s.packetsReceived === 'number') packetsReceived += s.packetsReceived;
    if (typeof s.packetsLost === 'number') packetsLost += Math.max(0, s.packetsLost);
  }
  return { roundTripTime: typeof rtt === 'number' ? rtt : null, packetsReceived, packetsLost };
}

/** The quality over the interval from `previous` to `current` (the first sample counts from zero). */
export function readQuality(current: QualitySample, previous: QualitySample | null): QualityReading {
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const total = Math.max(0, received) + Math.max(0, lost);
  const lossPercent = total > 0 ? (Math.max(0, lost) / total) * 100 : 0;
  const roundTripMs = current.roundTripTime === null ? null : Math.round(current.roundTripTime * 1000);
  const rtt = roundTripMs ?? 0;
  const quality: CallQuality =
    rtt < GOOD.rttMs && lossPercent < GOOD.lossPercent
      ? 'good'
      : rtt < FAIR.rttMs && lossPercent < FAIR.lossPercent
        ? 'fair'
        : 'poor';
  return { quality, roundTripMs, lossPercent };
}

/** How many of the three bars are lit. */
export function qualityBars(quality: CallQuality): 1 | 2 | 3 {
  return quality === 'good' ? 3 : quality === 'fair' ? 2 : 1;
}
