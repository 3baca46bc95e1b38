import { create } from 'zustand';

/** One unread follower message in the bell (the specification's message row). */
export interface BellRow {
  id?: string;
  appId: string;
  appName: string;
  wxUserId: string;
  nickName: string;
  headimgUrl?: string;
  countMsg: number;
  createTime: string;
}

interface BellState {
  /** The unread count the header shows. */
  count: number;
  rows: BellRow[];
  /** What clicking a row does (the messaging work opens the conversation); the row then leaves the list. */
  onOpen?: (row: BellRow) => void;
  setRows: (rows: BellRow[], count?: number) => void;
  setCount: (count: number) => void;
  setOnOpen: (onOpen: ((row: BellRow) => void) | undefined) => void;
  remove: (row: BellRow) => void;
}

/** The header bell's contents; the messaging work fills it, the shell shows it. */
export const useBell = create<BellState>()((set) => ({
  count: 0,
  rows: [],
  setRows: (rows, count) => set({ rows, count: count ?? rows.reduce((n, r) => n + (r.countMsg || 1), 0) }),
  setCount: (count) => set({ count }),
  setOnOpen: (onOpen) => set({ onOpen }),
  remove: (row) =>
    set((s) => {
      const rows = s.rows.filter((r) => !(r.appId === row.appId && r.wxUserId === row.wxUserId));
      return { rows, count: Math.max(0, s.count - (row.countMsg || 1)) };
    }),
}));
