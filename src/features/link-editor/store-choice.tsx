import '@/components/on-demand-mantine-styles';
import { Radio, Stack, Switch, Text } from '@mantine/core';
import { useEffect } from 'react';
import { AllStoresPagePreview } from './all-stores-page-preview';
import type { LinkEditorForm } from './link-editor-form';
import { useDestinationProduct } from './use-destination-product';

export const ISBN_NEEDED_MESSAGE =
  "We need the book's ISBN to list every store. Start from the ISBN or a store page we recognise.";
const LOOKING_UP_ISBN_MESSAGE = "Looking up the book's ISBN…";

const ONE_STORE = 'one';
const EVERY_STORE = 'every';

interface StoreChoiceProps {
  form: LinkEditorForm;
  /** The destination as typed: its book decides whether every store can be listed. */
  destination: string;
  readOnly: boolean;
}

/** Where the short link sends readers: to the destination or to a page listing every store. */
export function StoreChoice({ form, destination, readOnly }: StoreChoiceProps) {
  const allStores = form.useWatchValue('allStores');
  const { isbnQuery, productQuery } = useDestinationProduct(destination);
  const product = productQuery.data ?? isbnQuery.data;
  const everyStoreOffered = Boolean(productQuery.data?.isbn ?? isbnQuery.data?.isbn);
  const lookingUp = isbnQuery.isLoading || productQuery.isLoading;

  // A new destination whose book has no known ISBN cannot keep the every-store choice.
  useEffect(() => {
    if (allStores && !lookingUp && !everyStoreOffered) form.setFieldValue('allStores', false);
  }, [allStores, lookingUp, everyStoreOffered, form]);

  return (
    <Stack gap="md">
      <Radio.Group
        label="Where readers go"
        value={allStores ? EVERY_STORE : ONE_STORE}
        onChange={(value) => {
          form.setFieldValue('allStores', value === EVERY_STORE);
        }}
        error={form.errors.allStores}
        errorProps={{ role: 'alert' }}
        readOnly={readOnly}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value={ONE_STORE}
            label="One store"
            description="Readers go straight to the destination above."
          />
          <Radio
            value={EVERY_STORE}
            label="Every store"
            disabled={!everyStoreOffered}
            // The editor focuses a field the server refused by its form path.
            data-path="allStores"
            description={
              <>
                Readers see a page listing every store that sells the book, and pick one.
                {!everyStoreOffered && (
                  <Text span display="block" size="xs" mt={2}>
                    {lookingUp ? LOOKING_UP_ISBN_MESSAGE : ISBN_NEEDED_MESSAGE}
                  </Text>
                )}
              </>
            }
          />
        </Stack>
      </Radio.Group>
      <Switch
        label="Send readers to their own country's store"
        description="Amazon, Apple Books, Kobo and Google Play open in the reader's country, with your affiliate tag for that store."
        key={form.key('localise')}
        {...form.getInputProps('localise', { type: 'checkbox' })}
        readOnly={readOnly}
      />
      {allStores && product && <AllStoresPagePreview product={product} />}
    </Stack>
  );
}
