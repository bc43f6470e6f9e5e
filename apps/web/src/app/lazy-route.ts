import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import type { RouteHandle } from "./layouts/root-layout";

/**
 * A route's component, loaded when the route is first matched: each screen and layout is a chunk of its
 * own, so the first load carries only the screens it shows (sign-in never downloads the staff dashboard).
 * The router loads every lazy route of a match at once, layouts and screen in parallel. `name` is the
 * component's export.
 */
export function lazyComponent<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): NonNullable<RouteObject["lazy"]> {
  return async () => ({ Component: (await load())[name] });
}

/** A route's `handle`: its page title, shown before the brand name in the browser tab. */
export const titled = (title: string): RouteHandle => ({ title });

/** A screen of the route table: its path, its title (the screen's heading) and its lazily loaded component. */
export function screen<Name extends string, Module extends Record<Name, ComponentType>>(
  path: string,
  title: string,
  load: () => Promise<Module>,
  name: Name,
): RouteObject {
  return { path, handle: titled(title), lazy: lazyComponent(load, name) };
}
