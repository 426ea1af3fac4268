/**
 * The host's settings: variant, difficulty, mistake rule, time limit, the idle rule, what
 * spectators see, player cap, rated or not, and lock. Each change is sent at once; the next `room:state` shows it to all.
 * Everyone else sees the same values read-only.
 */
// The protocol's zod-free module: its lists, bounds and choices (the schemas would pull zod
// into the first page's bundle).
import {
  DIFFICULTIES,
  IDLE_OUT_CHOICES as IDLE_LIMITS,
  MISTAKE_RULE_DEFAULTS,
  SETTINGS_LIMITS,
  SPECTATOR_DIGIT_CHOICES as SPECTATOR_RULES,
  TEAM_CHOICES,
  TIME_LIMIT_CHOICES as TIME_LIMITS,
  VARIANTS,
} from '@percent/protocol/rules';
import type { RoomSettings, SpectatorDigits } from '@percent/protocol';
import type { ComponentChildren } from 'preact';
import { t } from '../../i18n/index.ts';

interface Props {
  readonly settings: RoomSettings;
  readonly editable: boolean;
  readonly minPlayers: number;
  readonly onChange: (change: Partial<RoomSettings>) => void;
}

const { allowedMistakes, penaltySeconds, maxPlayers } = SETTINGS_LIMITS;

const spectatorKey = (rule: SpectatorDigits): string =>
  rule.kind === 'delay' ? `delay-${rule.seconds}` : rule.kind;

export function LobbySettings({ settings, editable, minPlayers, onChange }: Props) {
  const disabled = !editable;
  const { mistakes } = settings;
  const limit = (settings.timeLimitSec ?? 0) as number;
  return (
    <fieldset class="lobby-settings" disabled={disabled}>
      <legend>{t('lobby.settings')}</legend>
      <Field label={t('variant.label')}>
        <select
          name="variant"
          value={settings.variant}
          onChange={(e) => onChange({ variant: e.currentTarget.value as RoomSettings['variant'] })}
        >
          {VARIANTS.map((v) => (
            <option key={v} value={v}>
              {t(`variant.${v}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('difficulty.label')}>
        <select
          name="difficulty"
          value={settings.difficulty}
          onChange={(e) =>
            onChange({ difficulty: e.currentTarget.value as RoomSettings['difficulty'] })
          }
        >
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(`difficulty.${d}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('lobby.mistakes')}>
        <select
          name="mistakes"
          value={mistakes.kind}
          onChange={(e) =>
            onChange({
              mistakes:
                e.currentTarget.value === 'penalty'
                  ? MISTAKE_RULE_DEFAULTS.penalty
                  : MISTAKE_RULE_DEFAULTS.eliminate,
            })
          }
        >
          <option value="eliminate">{t('lobby.mistakes.eliminate')}</option>
          <option value="penalty">{t('lobby.mistakes.penalty')}</option>
        </select>
        <input
          type="number"
          name="mistakesAmount"
          min={mistakes.kind === 'penalty' ? penaltySeconds.min : allowedMistakes.min}
          max={mistakes.kind === 'penalty' ? penaltySeconds.max : allowedMistakes.max}
          value={mistakes.kind === 'penalty' ? mistakes.seconds : mistakes.allowed}
          aria-label={
            mistakes.kind === 'penalty' ? t('lobby.penaltySeconds') : t('lobby.allowedMistakes')
          }
          onChange={(e) => {
            const n = Math.round(Number(e.currentTarget.value));
            if (!Number.isFinite(n)) return;
            onChange({
              mistakes:
                mistakes.kind === 'penalty'
                  ? { kind: 'penalty', seconds: clamp(n, penaltySeconds) }
                  : { kind: 'eliminate', allowed: clamp(n, allowedMistakes) },
            });
          }}
        />
      </Field>
      <Field label={t('lobby.timeLimit')}>
        <select
          name="timeLimit"
          value={String(limit)}
          onChange={(e) => {
            const n = Number(e.currentTarget.value);
            onChange({ timeLimitSec: n === 0 ? null : n });
          }}
        >
          {TIME_LIMITS.map((s) => (
            <option key={s ?? 0} value={String(s ?? 0)}>
              {s === null ? t('lobby.noLimit') : t('lobby.minutes', { n: s / 60 })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('lobby.idleOut')}>
        <select
          name="idleOut"
          value={String(settings.idleOutSec ?? 0)}
          onChange={(e) => {
            const n = Number(e.currentTarget.value);
            onChange({ idleOutSec: n === 0 ? null : n });
          }}
        >
          {IDLE_LIMITS.map((s) => (
            <option key={s ?? 0} value={String(s ?? 0)}>
              {s === null ? t('lobby.idleOff') : t('lobby.minutes', { n: s / 60 })}
            </option>
          ))}
          {/* A value set by another client (60–3600 s) is shown as it is. */}
          {settings.idleOutSec !== null &&
            !(IDLE_LIMITS as readonly (number | null)[]).includes(settings.idleOutSec) && (
              <option value={String(settings.idleOutSec)}>
                {t('lobby.minutes', { n: Math.round(settings.idleOutSec / 60) })}
              </option>
            )}
        </select>
      </Field>
      <Field label={t('lobby.spectators')}>
        <select
          name="spectatorDigits"
          value={spectatorKey(settings.spectatorDigits)}
          onChange={(e) => {
            const rule = SPECTATOR_RULES.find((r) => spectatorKey(r) === e.currentTarget.value);
            if (rule) onChange({ spectatorDigits: rule });
          }}
        >
          {SPECTATOR_RULES.map((r) => (
            <option key={spectatorKey(r)} value={spectatorKey(r)}>
              {t(`lobby.spectators.${r.kind}`, r.kind === 'delay' ? { n: r.seconds } : undefined)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('team.label')}>
        <select
          name="teams"
          data-testid="teams-setting"
          value={String(settings.teams ?? 0)}
          onChange={(e) => {
            const n = Number(e.currentTarget.value);
            onChange({ teams: n === 0 ? null : n });
          }}
        >
          {TEAM_CHOICES.map((n) => (
            <option key={n ?? 0} value={String(n ?? 0)}>
              {n === null ? t('team.none') : t('team.count', { n })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('lobby.maxPlayers')}>
        <input
          type="number"
          name="maxPlayers"
          min={minPlayers}
          max={maxPlayers.max}
          value={settings.maxPlayers}
          onChange={(e) => {
            const n = Math.round(Number(e.currentTarget.value));
            if (Number.isFinite(n))
              onChange({ maxPlayers: clamp(n, { min: minPlayers, max: maxPlayers.max }) });
          }}
        />
      </Field>
      <label class="lobby-check" title={t('rating.ratedHint')}>
        <input
          type="checkbox"
          name="rated"
          data-testid="rated-setting"
          checked={settings.rated}
          onChange={(e) => onChange({ rated: e.currentTarget.checked })}
        />
        {t('rating.setting')}
      </label>
      <label class="lobby-check" title={t('handicap.hint')}>
        <input
          type="checkbox"
          name="handicap"
          data-testid="handicap-setting"
          checked={settings.handicap}
          onChange={(e) => onChange({ handicap: e.currentTarget.checked })}
        />
        {t('handicap.setting')}
      </label>
      <label class="lobby-check" title={t('relaxed.hint')}>
        <input
          type="checkbox"
          name="relaxed"
          data-testid="relaxed-setting"
          checked={settings.relaxed}
          onChange={(e) => onChange({ relaxed: e.currentTarget.checked })}
        />
        {t('relaxed.setting')}
      </label>
      <label class="lobby-check">
        <input
          type="checkbox"
          name="locked"
          checked={settings.locked}
          onChange={(e) => onChange({ locked: e.currentTarget.checked })}
        />
        {t('lobby.locked')}
      </label>
    </fieldset>
  );
}

function Field({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <label class="lobby-field">
      <span>{label}</span>
      <span class="lobby-field-input">{children}</span>
    </label>
  );
}

const clamp = (n: number, { min, max }: { readonly min: number; readonly max: number }): number =>
  Math.min(max, Math.max(min, n));
