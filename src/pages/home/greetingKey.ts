/**
 * Spec 000 §9 "Greeting changes by hour (before 9, to 11, to 13, before 20, otherwise)": the original
 * product's bands — before 9 早上好, up to 11 上午好, up to 13 中午好, before 20 下午好, otherwise 晚上好.
 */
export type GreetingKey = 'early' | 'morning' | 'noon' | 'afternoon' | 'evening';

export function greetingKey(hour: number): GreetingKey {
  if (hour < 9) return 'early';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
