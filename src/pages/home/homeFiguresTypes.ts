/** GET /sys/home/figures (server/api/homeFigures.ts): what the home page draws. */
export interface ModuleFigure {
  modelId: string;
  /** the model's title in the request's language */
  title: string;
  /** records of this model the user may see (tenant and data scope applied) */
  total: number;
  /** records created on each of `days` (null when the model keeps no creation time) */
  week: number[] | null;
}

export interface HomeFigures {
  /** the last seven days, oldest first (YYYY-MM-DD, server time) */
  days: string[];
  modules: ModuleFigure[];
}
