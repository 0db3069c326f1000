/**
 * The Vue 3 example (vue.html). Vue needs no wrapper: `compilerOptions.isCustomElement` tells its
 * template compiler that <pay-checkout> is a custom element, bindings set its properties, and
 * `@pay-success` listens to its events, typed here through the package's event types.
 *
 * The template is compiled in the browser (the full build of Vue, see demo/vite.config.ts), which
 * a strict CSP forbids; a shop with single-file components sets the same option in
 * `@vitejs/plugin-vue`: `vue({ template: { compilerOptions: { isCustomElement } } })`.
 */
import { createApp, defineComponent, onBeforeUnmount, ref } from 'vue';
import 'pay-checkout';
import type { PayEventDetails, PayEventName, PayFailedEvent, PaySuccessEvent } from 'pay-checkout';
import { describeCallback, describeEvent, PAY_EVENT_NAMES, timeOf, type LoggedEvent } from './lib/describe.js';
import { followCallbacks, startCheckout, type CallbackRecord, type CheckoutResponse } from './lib/merchant-api.js';
import { methodsFor, PRESETS } from './lib/shop-data.js';

const CURRENCY = 'INR';

const Shop = defineComponent({
  setup() {
    const presetName = ref('success');
    const method = ref('UPIQR');
    const session = ref<CheckoutResponse>();
    const problem = ref<string>();
    const outcome = ref<string>();
    const events = ref<LoggedEvent[]>([]);
    const callbacks = ref<CallbackRecord[]>([]);

    onBeforeUnmount(
      followCallbacks((record) => {
        const index = callbacks.value.findIndex((r) => r.id === record.id);
        if (index >= 0) callbacks.value.splice(index, 1, record);
        else callbacks.value.push(record);
      }),
    );

    const log = <K extends PayEventName>(name: K, event: CustomEvent<PayEventDetails[K]>): void => {
      events.value.push({ name, detail: event.detail, at: new Date() } as LoggedEvent);
    };

    /** One listener per event, bound with v-on="listeners" in the template. */
    const listeners: Partial<Record<PayEventName, (event: CustomEvent) => void>> = {};
    for (const name of PAY_EVENT_NAMES) listeners[name] = (event) => log(name, event);
    const onSuccess = (event: PaySuccessEvent) =>
      (outcome.value = `Paid: ${event.detail.payin.paymentMethodResponse.reference ?? ''}`);
    const onFailed = (event: PayFailedEvent) =>
      (outcome.value = `Not paid: ${event.detail.failureReasonCode ?? 'failed'}`);

    async function checkout() {
      problem.value = undefined;
      outcome.value = undefined;
      events.value = [];
      try {
        session.value = await startCheckout({ preset: presetName.value, currencyCode: CURRENCY });
      } catch (error) {
        problem.value = `The merchant backend could not start the checkout: ${(error as Error).message}`;
      }
    }

    return {
      CURRENCY,
      presets: PRESETS.filter((preset) => !preset.rejection && !preset.method),
      methods: methodsFor(CURRENCY),
      presetName,
      method,
      session,
      problem,
      outcome,
      events,
      callbacks,
      listeners,
      onSuccess,
      onFailed,
      checkout,
      describeEvent,
      describeCallback,
      timeOf,
      when: (iso: string) => timeOf(new Date(iso)),
    };
  },
  template: `
    <main class="single">
      <section class="panel" aria-labelledby="title">
        <h1 id="title">Vue</h1>
        <p class="hint">Choose what should happen and how to pay, then <strong>Check out</strong>: the shop's server prices the order, and the checkout appears below.</p>
        <form novalidate @submit.prevent="checkout">
          <div class="field-row">
            <div class="field">
              <label for="preset">Sandbox scenario</label>
              <select id="preset" v-model="presetName">
                <option v-for="preset in presets" :key="preset.name" :value="preset.name">{{ preset.plain }} ({{ preset.amount }} {{ CURRENCY }})</option>
              </select>
            </div>
            <div class="field">
              <label for="method">Payment method</label>
              <select id="method" v-model="method">
                <option v-for="m in methods" :key="m.code" :value="m.code">{{ m.name }}</option>
              </select>
            </div>
          </div>
          <p v-if="problem" class="error" role="alert">{{ problem }}</p>
          <div class="actions"><button type="submit" class="primary">Check out</button></div>
        </form>
        <p v-if="outcome" id="outcome" class="notice" role="status">{{ outcome }}</p>
        <pay-checkout
          v-if="session"
          :key="session.idPayin"
          :token="session.token"
          :base-url="session.baseUrl"
          :payin-id="session.idPayin"
          :amount="session.money.amount"
          :currency-code="session.money.currencyCode"
          :callback-url="session.callbackUrl"
          :status-url="session.statusUrl"
          :payment-method-code="method"
          v-on="listeners"
          @pay-success="onSuccess"
          @pay-failed="onFailed"
        ></pay-checkout>
      </section>
      <section class="panel logs" aria-label="Logs">
        <h2 id="events-title">Element events</h2>
        <ol class="log" aria-labelledby="events-title" aria-live="polite" tabindex="0">
          <li v-for="(event, i) in events" :key="i" :class="'log-entry event-' + event.name" :data-event="event.name">
            <time :datetime="event.at.toISOString()">{{ timeOf(event.at) }}</time> <code>{{ event.name }}</code> {{ describeEvent(event) }}
          </li>
        </ol>
        <h2 id="callbacks-title">Callbacks of your orders, as the merchant backend received them</h2>
        <ol class="log" aria-labelledby="callbacks-title" aria-live="polite" tabindex="0">
          <template v-for="record in callbacks" :key="record.id">
            <li v-if="record.idPayin === session?.idPayin" class="log-entry callback" :data-id-payin="record.idPayin"
              :data-status="record.read.state === 'read' ? record.read.status : undefined">
              <time :datetime="record.receivedAt">{{ when(record.receivedAt) }}</time> <code>{{ record.type }}</code> {{ describeCallback(record) }}
            </li>
          </template>
        </ol>
      </section>
    </main>`,
});

const app = createApp(Shop);
// <pay-checkout> is a custom element, not a Vue component: the compiler leaves it to the browser.
app.config.compilerOptions.isCustomElement = (tag) => tag === 'pay-checkout';
app.mount('#app');
