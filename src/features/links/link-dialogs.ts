// The dialogs of the books page, in a chunk of their own: the page's first paint needs neither
// them nor their forms.
export { AddToCollectionModal } from './add-to-collection-modal';
export { DeleteLinkModal } from './delete-link-modal';
export { EditLinkModal } from './edit-link-modal';
