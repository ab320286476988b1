import fp from 'fastify-plugin';
import { listenForChanges, type ChangeListener, type ChangeSubscriber } from '../db/change-listener.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** In-memory caches follow database changes through this (db/change-listener.ts). */
    changeNotifications: {
      /** Called while the app is being built; the listening starts once the app is ready. */
      subscribe: (subscriber: ChangeSubscriber) => void;
    };
  }
}

/**
 * Runs the one LISTEN connection of this instance for the life of the app: it starts once the app
 * is ready (without waiting for it: an unreachable database must not stop the start), only if a
 * cache subscribed, and ends when the app closes.
 */
export interface ChangeNotificationsOptions {
  /** Holds each notification this long before the subscribers get it; tests only (AppDeps.changeDelayMs). */
  deliveryDelayMs?: number;
}

export const changeNotificationsPlugin = fp<ChangeNotificationsOptions>(
  async (app, { deliveryDelayMs = 0 }) => {
    const subscribers: ChangeSubscriber[] = [];
    let listener: ChangeListener | undefined;
    app.decorate('changeNotifications', {
      subscribe: (subscriber: ChangeSubscriber) => {
        if (listener) throw new Error(`${subscriber.channel}: subscribe before the app is ready`);
        subscribers.push(subscriber);
      },
    });
    app.addHook('onReady', async () => {
      listener = listenForChanges(app.pool, subscribers, app.log, { deliveryDelayMs });
    });
    app.addHook('onClose', async () => {
      await listener?.stop();
    });
  },
  { name: 'change-notifications', dependencies: ['db'] },
);
