import type { Clock } from "../../adapters/clock.js";
import type { BitcoinNetwork } from "../../bitcoin/network.js";
import type { Db } from "../../db/client.js";

/** What the labels use cases work with: the clock dates the export's file name; the network finds addresses. */
export type LabelsContext = { db: Db; clock: Clock; network: BitcoinNetwork };
