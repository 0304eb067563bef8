import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ToastRegion, ToastView } from "~/components/ui/toast";
import type { Toast, ToastVariant } from "~/lib/toast";

// Toasts for the admin. A flash message from the server (`initial`) is part of the server-rendered
// HTML, so it shows before hydration and without JavaScript; `useToast()` adds toasts on the client
// (e.g. after an upload). Each toast closes itself after TOAST_DURATION_MS, and the timer
// pauses while the pointer or keyboard focus is on the notifications, so nobody loses a message
// they are reading (WCAG 2.2.1).

export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_VISIBLE = 3;

export interface ToastOptions extends Toast {
  /** Identifies a message. For `initial`, a new id means a new flash message to show. */
  id?: string;
}

interface ToastRecord extends Toast {
  id: string;
  variant: ToastVariant;
}

/** Shows a toast and returns its id. */
export type ToastFunction = (options: ToastOptions) => string;

/**
 * What `useToast()` returns: the `toast` function itself, which also carries `toast` and
 * `dismiss`, so both `const toast = useToast()` and `const { toast, dismiss } = useToast()` work.
 */
export type ToastApi = ToastFunction & {
  toast: ToastFunction;
  dismiss: (id: string) => void;
};

interface ToastContextValue {
  api: ToastApi;
  toasts: ToastRecord[];
  dismiss: (id: string) => void;
  duration: number;
}

const ToastContext = createContext<ToastContextValue | null>(null);

function toRecord(options: ToastOptions, id: string): ToastRecord {
  return {
    id,
    title: options.title,
    description: options.description || undefined,
    variant: options.variant ?? "success",
  };
}

/**
 * What tells one flash message from the next: its id, else its content. Content (not object
 * identity) so that an inline `initial={{ … }}` does not show again on every render; give
 * messages an `id` to show the same text twice in a row.
 */
function flashKey(flash: ToastOptions | null | undefined): string | null {
  if (!flash) return null;
  return flash.id !== undefined
    ? `id:${flash.id}`
    : `text:${flash.variant ?? "success"}\u0000${flash.title}\u0000${flash.description ?? ""}`;
}

export interface ToastProviderProps {
  children?: ReactNode;
  /** A toast to show on mount (a server flash message, rendered with the page). When it later
   *  changes to a different message (other text, or another `id`), that one is shown too;
   *  after it becomes null/undefined, even the same message shows again. */
  initial?: ToastOptions | null;
  /** Auto-dismiss delay in milliseconds. */
  duration?: number;
}

/**
 * Provides `useToast()` to its children and renders the notification region (the `Toaster`)
 * after them. Put it once around the admin screen.
 */
export function ToastProvider({ children, initial, duration = TOAST_DURATION_MS }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastRecord[]>(() =>
    initial ? [toRecord(initial, initial.id ?? "flash")] : [],
  );
  const counter = useRef(0);
  const shownFlash = useRef<string | null>(flashKey(initial));

  const add = useCallback((options: ToastOptions, preferredId?: string): string => {
    counter.current += 1;
    const id = preferredId ?? `toast-${counter.current}`;
    setToasts((current) =>
      [...current.filter((item) => item.id !== id), toRecord(options, id)].slice(-TOAST_MAX_VISIBLE),
    );
    return id;
  }, []);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((item) => item.id !== id));
  }, []);

  const initialKey = flashKey(initial);
  const latestInitial = useRef(initial);
  useEffect(() => {
    latestInitial.current = initial;
  });
  useEffect(() => {
    const flash = latestInitial.current;
    if (initialKey === shownFlash.current) return;
    shownFlash.current = initialKey;
    if (flash) add(flash, flash.id !== undefined ? `flash-${flash.id}` : undefined);
  }, [initialKey, add]);

  const api = useMemo<ToastApi>(() => {
    const toast: ToastFunction = (options) => add(options);
    return Object.assign(toast, { toast, dismiss });
  }, [add, dismiss]);

  const value = useMemo<ToastContextValue>(
    () => ({ api, toasts, dismiss, duration }),
    [api, toasts, dismiss, duration],
  );

  return (
    <ToastContext value={value}>
      {children}
      <Toaster />
    </ToastContext>
  );
}

/** `toast({ title, description?, variant? })`; must be used inside a ToastProvider. */
export function useToast(): ToastApi {
  const context = use(ToastContext);
  if (!context) throw new Error("useToast() must be used inside <ToastProvider>.");
  return context.api;
}

/**
 * The notification region. ToastProvider already renders it; it renders nothing outside a
 * provider.
 */
export function Toaster() {
  const context = use(ToastContext);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const region = useRef<HTMLElement>(null);
  const toasts = context?.toasts;
  // A closed toast takes the focus or the pointer with it without a blur/mouseleave event:
  // check again whenever the list changes, so the timers never stay paused.
  useEffect(() => {
    if (!toasts) return;
    if (toasts.length === 0) setHovered(false);
    if (!region.current?.contains(document.activeElement)) setFocused(false);
  }, [toasts]);
  if (!context) return null;
  const paused = hovered || focused;
  return (
    <ToastRegion
      ref={region}
      placement="corner"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {context.toasts.map((toast) => (
        <TimedToast
          key={toast.id}
          toast={toast}
          paused={paused}
          duration={context.duration}
          onDismiss={context.dismiss}
        />
      ))}
    </ToastRegion>
  );
}

interface TimedToastProps {
  toast: ToastRecord;
  paused: boolean;
  duration: number;
  onDismiss: (id: string) => void;
}

/** A toast that closes itself once it has been shown, unpaused, for `duration`. */
function TimedToast({ toast, paused, duration, onDismiss }: TimedToastProps) {
  const remaining = useRef(duration);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), Math.max(remaining.current, 0));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  return <ToastView toast={toast} onDismiss={() => onDismiss(toast.id)} />;
}
