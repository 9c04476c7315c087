// Web Worker: solves a bot-check challenge off the page's thread (./solve.ts) and posts the nonce back.
import { solveChallenge } from './solve';

self.onmessage = (event: MessageEvent<{ challenge: string; difficulty: number }>) => {
  const { challenge, difficulty } = event.data;
  solveChallenge(challenge, difficulty).then(
    (nonce) => self.postMessage({ nonce }),
    (error) => self.postMessage({ error: String((error as Error)?.message ?? error) }),
  );
};
