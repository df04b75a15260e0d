"""Box photos: checked and re-encoded at upload (:mod:`.images`), stored through Django's storage
API with their thumbnails (:mod:`.services`), shown by the pages and the API (:mod:`.selectors`),
served from local storage by :mod:`.media`."""
