import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { useSession } from '@/web/lib/session';
import { Switch } from '@/web/components/ui/switch';
import { useUpdatePreference } from '@/web/lib/preferences';
import { forgetPushSubscription, pushConfigQuery, savePushSubscription } from '../api/alerts';
import { currentPushSubscription, pushSupported, subscribeToPush } from '../lib/push';

/** Subscribes or unsubscribes this browser to web push (Premium); the server keeps the subscription. */
export function PushToggle({ id }: { id: string }) {
  const { user, isPremium } = useSession();
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const config = useQuery({ ...pushConfigQuery(userId), enabled: Boolean(userId) && isPremium });
  const updatePreference = useUpdatePreference(userId, { quiet: true });
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();

  useEffect(() => {
    void currentPushSubscription().then((subscription) => setSubscribed(subscription !== null));
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        if (!config.data) throw new Error('Push settings are still loading. Try again in a moment.');
        const subscription = await subscribeToPush(config.data.publicKey);
        const json = subscription.toJSON();
        await savePushSubscription({
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        });
        updatePreference.mutate({ field: 'notificationPushEnabled', value: true });
        toast.success('Push notifications enabled in this browser');
      } else {
        const subscription = await currentPushSubscription();
        if (subscription) {
          await forgetPushSubscription(subscription.endpoint);
          await subscription.unsubscribe();
        }
        toast.success('Push notifications turned off in this browser');
      }
      setSubscribed(on);
      await queryClient.invalidateQueries({ queryKey: ['push'] });
    } catch (error) {
      toast.error(on ? 'Failed to enable push notifications' : 'Failed to turn off push notifications', {
        description: (error as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Switch
      id={id}
      checked={subscribed ?? false}
      disabled={!isPremium || !supported || busy || subscribed === null}
      onCheckedChange={(on) => void change(on)}
      aria-describedby={!supported ? `${id}-unsupported` : undefined}
    />
  );
}

export function PushUnsupportedNote({ id }: { id: string }) {
  if (pushSupported()) return null;
  return (
    <p id={`${id}-unsupported`} className="text-xs text-muted-foreground">
      This browser does not support push notifications.
    </p>
  );
}
