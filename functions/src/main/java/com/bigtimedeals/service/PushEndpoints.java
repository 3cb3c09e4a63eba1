package com.bigtimedeals.service;

import java.util.EnumSet;
import java.util.Set;

import com.bigtimedeals.devices.Device;
import com.bigtimedeals.topology.PushAccess;

/**
 * The push service's platform endpoints, as the devices routes use them: one made for a device's token when it is
 * registered, enabled again when the token is registered again, deleted when the device goes. The deployed and local
 * stacks' implementation is SNS's API; the SNS actions each call may make are stated here, so that a function's tests
 * hold a stand-in's calls to the function's grants ({@link PushAccess}) as they hold the real client's.
 */
public interface PushEndpoints {
    /** CreatePlatformEndpoint, then the endpoint's attributes read and, when it is disabled, set (SNS's token flow). */
    Set<PushAccess.Action> CREATE_ACTIONS = EnumSet.of(PushAccess.Action.CREATE_PLATFORM_ENDPOINT,
            PushAccess.Action.GET_ENDPOINT_ATTRIBUTES, PushAccess.Action.SET_ENDPOINT_ATTRIBUTES);
    /** The stored endpoint's attributes read and set; made again (CreatePlatformEndpoint) when it is gone. */
    Set<PushAccess.Action> ENSURE_ACTIONS = CREATE_ACTIONS;
    Set<PushAccess.Action> DELETE_ACTIONS = EnumSet.of(PushAccess.Action.DELETE_ENDPOINT);
    Set<PushAccess.Action> PUBLISH_ACTIONS = EnumSet.of(PushAccess.Action.PUBLISH);

    /**
     * The ARN of an enabled endpoint holding the device's token: the same ARN again for a token that already has one
     * (an endpoint SNS disabled, a dead device's, is enabled again: the token was just registered, so it is live).
     */
    String create(Device device);

    /**
     * For a device registered again with the same token: its endpoint, enabled and holding its token, or, when the
     * endpoint is gone at the push service, a new one ({@link #create}). Answers the ARN the device is to keep.
     */
    default String ensure(Device device) {
        return device.endpointArn() == null ? create(device) : device.endpointArn();
    }

    /** Deletes an endpoint; one already gone is no error. */
    void delete(String endpointArn);

    /** What the push service said of one push. */
    enum Outcome {
        /** Handed to the platform. */
        SENT,
        /** The device is no longer registered (FCM UNREGISTERED, APNs 410: the endpoint disabled). */
        GONE
    }

    /** One push to the device's endpoint: title, body and data, with a collapse key per deal. */
    default Outcome publish(Device device, String title, String body, java.util.Map<String, String> data, String collapseKey) {
        throw new UnsupportedOperationException("this push service sends nothing");
    }
}
