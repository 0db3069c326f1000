import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * A host of reactive controllers that is not an element: it passes its own connection on to its
 * controllers (it is itself a controller of the element that connects it) and renders through
 * `requestUpdate`. The checkout session is one, so what follows a payin (status source, countdown)
 * runs the same under <pay-checkout> and in a test with no DOM at all.
 */
export abstract class ControllerHost implements ReactiveControllerHost, ReactiveController {
  private readonly controllers = new Set<ReactiveController>();
  private connected = false;

  abstract requestUpdate(): void;

  addController(controller: ReactiveController): void {
    this.controllers.add(controller);
    if (this.connected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.controllers.delete(controller);
  }

  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }

  hostConnected(): void {
    this.connected = true;
    for (const controller of this.controllers) controller.hostConnected?.();
  }

  hostDisconnected(): void {
    this.connected = false;
    for (const controller of this.controllers) controller.hostDisconnected?.();
  }
}
