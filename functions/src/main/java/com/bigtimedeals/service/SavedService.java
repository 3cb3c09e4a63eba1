package com.bigtimedeals.service;

import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.saved.SavedDeal;
import com.bigtimedeals.saved.SavedStore;

/** Saved deals: a user's own list, and the reminder each saved deal with an expiry gets (docs/data-model.md). */
public final class SavedService {
    private final SavedStore saved;

    public SavedService(SavedStore saved) {
        this.saved = saved;
    }

    public static SavedService of(Table table) {
        return new SavedService(new SavedStore(table));
    }

    public SavedDeal save(String username, String dealId) {
        return saved.save(username, dealId);
    }

    public void unsave(String username, String dealId) {
        saved.unsave(username, dealId);
    }

    public Page<SavedDeal> page(String username, int limit, String cursor) {
        return saved.page(username, limit, cursor);
    }
}
