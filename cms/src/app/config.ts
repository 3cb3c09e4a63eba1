import type { SignInConfig } from '../session';

/** The deployment's settings, from config.json next to the app. */
export interface AppConfig {
  /** Where the API answers; '' is this origin (the local stack serves both). */
  apiUrl: string;
  signIn: SignInConfig;
}

export async function loadConfig(): Promise<AppConfig> {
  const fallback: AppConfig = { apiUrl: import.meta.env.VITE_API_URL ?? '', signIn: { kind: 'local' } };
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store' });
    return res.ok ? ((await res.json()) as AppConfig) : fallback;
  } catch {
    return fallback;
  }
}
