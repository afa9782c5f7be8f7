import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, MessageBar, MessageBarBody, Option,
  Dropdown, Textarea,
} from '@fluentui/react-components';
import { feedbackSchema } from '@core/shared/access/api';
import { apiMutate } from '../api/client';
import { useNotify } from '../app/notifications';

const TYPES = [['bug', 'Something is broken'], ['idea', 'An idea'], ['question', 'A question'], ['other', 'Something else']] as const;

/** In-app feedback (POST /api/v2/feedback) for installations without an external help desk URL. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const [type, setType] = useState<string>('bug');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiMutate('POST', '/api/v2/feedback', { body: { feedbackType: type, feedbackText: text.trim() }, schema: feedbackSchema });
      notify('Thank you for your feedback.', 'success');
      setText('');
      onClose();
    } catch {
      setError('Your feedback could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface aria-label="Submit feedback">
        <DialogBody>
          <DialogTitle>Submit feedback</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
            <Field label="Type">
              <Dropdown value={TYPES.find(([v]) => v === type)?.[1]} selectedOptions={[type]} onOptionSelect={(_, d) => setType(d.optionValue ?? 'other')}>
                {TYPES.map(([value, label]) => <Option key={value} value={value}>{label}</Option>)}
              </Dropdown>
            </Field>
            <Field label="Your feedback" required>
              <Textarea value={text} maxLength={5000} rows={6} onChange={(_, d) => setText(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button appearance="primary" disabled={busy || !text.trim()} onClick={() => void send()}>Send</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
