package com.bigtimedeals.api;

/** The deployed functions: one per handler class. The CDK stack and the local gateway load them by class name. */
public enum LambdaFunction {
    DEALS("Deals", "com.bigtimedeals.api.DealsHandler"),
    BRANDS("Brands", "com.bigtimedeals.api.BrandsHandler"),
    CATEGORIES("Categories", "com.bigtimedeals.api.CategoriesHandler"),
    FOLLOWS("Follows", "com.bigtimedeals.api.FollowsHandler"),
    INBOX("Inbox", "com.bigtimedeals.api.InboxHandler");

    private final String id;
    private final String handlerClass;

    LambdaFunction(String id, String handlerClass) {
        this.id = id;
        this.handlerClass = handlerClass;
    }

    /** A short name for construct ids and function names. */
    public String id() {
        return id;
    }

    /** The class Lambda instantiates: {@code handler} in the function configuration. */
    public String handlerClass() {
        return handlerClass;
    }
}
